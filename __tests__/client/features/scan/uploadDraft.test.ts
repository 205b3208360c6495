import { setTokenSource } from '../../../../src/client/api/token';
import { NotTheOwner, UNREACHABLE, UploadError, uploadDraftPhoto } from '../../../../src/client/features/scan/uploadDraft';
import { useClosedApiPort } from '../../ui/renderScreen';

/** An ID token's shape with this uid (the client only reads its claims; the API verifies it). */
const tokenOf = (uid: string) =>
  ['{"alg":"none"}', JSON.stringify({ user_id: uid, exp: 4102444800 }), 'sig'].map((p) => Buffer.from(p).toString('base64url')).join('.');

const signedInAs = (uid: string | null) => setTokenSource({ current: async () => (uid ? tokenOf(uid) : null), renew: async () => false });
const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

/**
 * A photo kept in the outbox belongs to the person who took it: it is never sent with another
 * person's token, nor with none. The API is a closed port here, so a photo that was sent fails
 * as unreachable, and one that was held back fails before any request.
 */
describe('uploadDraftPhoto with an owner', () => {
  beforeAll(() => useClosedApiPort());

  it("holds back another person's photo, and one nobody is signed in for", async () => {
    signedInAs('someone-else');
    await expect(uploadDraftPhoto(photo, 'a.png', { clientId: 'c1', owner: 'owner-uid' }, () => undefined)).rejects.toBeInstanceOf(NotTheOwner);
    signedInAs(null);
    await expect(uploadDraftPhoto(photo, 'a.png', { clientId: 'c1', owner: 'owner-uid' }, () => undefined)).rejects.toBeInstanceOf(NotTheOwner);
  });

  it("sends the owner's photo with the owner's token", async () => {
    signedInAs('owner-uid');
    const sent = uploadDraftPhoto(photo, 'a.png', { clientId: 'c1', owner: 'owner-uid' }, () => undefined);
    await expect(sent).rejects.toBeInstanceOf(UploadError);
    await expect(sent).rejects.toMatchObject({ status: UNREACHABLE });
  });
});
