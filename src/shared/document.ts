import { Type, type Static } from 'typebox';

/** A PDF as a person sees it: how many pages, and its first page drawn as a JPEG. */
export const ScannedDocument = Type.Object({
  pages: Type.Integer({ minimum: 1 }),
  preview: Type.String({
    description: "The first page drawn as a JPEG: a data: URL in a scan's answer, a signed link (as image_url) in a draft's or a receipt's",
  }),
});
export type ScannedDocument = Static<typeof ScannedDocument>;
