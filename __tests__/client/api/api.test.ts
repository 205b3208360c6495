import { errorMessage, toApiError } from '../../../src/client/api/api';
import { resolveAssetUrl, setClientConfig } from '../../../src/client/app/config';

describe('toApiError', () => {
  it("carries the server's message and status", () => {
    expect(toApiError({ status: 409, data: { statusCode: 409, error: 'Conflict', message: 'A category named Food already exists' } })).toEqual({
      status: 409,
      message: 'A category named Food already exists',
    });
  });
  it('explains a status without a message and an unreachable server', () => {
    expect(toApiError({ status: 502, data: '<html>' })).toEqual({ status: 502, message: 'Request failed with status 502' });
    // A failed status whose body is not JSON keeps its status, not the parser's complaint.
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 500, data: '<html>oops', error: "SyntaxError: Unexpected token '<'" })).toEqual({
      status: 500,
      message: 'Request failed with status 500',
    });
    expect(toApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: 'x', error: 'SyntaxError: bad' }).status).toBe('PARSING_ERROR');
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).message).toBe('Cannot reach the Tally server. Check your connection.');
  });
  it('errorMessage falls back when there is none', () => {
    expect(errorMessage({ status: 500, message: 'Boom' }, 'Fallback')).toBe('Boom');
    expect(errorMessage(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('resolveAssetUrl', () => {
  beforeAll(() =>
    setClientConfig({ apiUrl: 'http://api.example.com:8000/base', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null }),
  );
  it("resolves 'static/' paths against the API host root and keeps full URLs", () => {
    expect(resolveAssetUrl('static/avatars/a.jpg')).toBe('http://api.example.com:8000/static/avatars/a.jpg');
    expect(resolveAssetUrl('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
    expect(resolveAssetUrl(null)).toBeUndefined();
  });
});
