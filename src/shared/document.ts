import { Type, type Static } from 'typebox';

/** A PDF as a person sees it: how many pages, and its pages drawn as JPEGs. */
export const ScannedDocument = Type.Object({
  pages: Type.Integer({ minimum: 1 }),
  preview: Type.String({
    description: "The first page drawn as a JPEG: a data: URL in a scan's answer, a signed link (as image_url) in a draft's or a receipt's",
  }),
  later_pages: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'The pages after the first, drawn as JPEGs in order, as `preview` is. Left out when there are none, or for a PDF read before pages were kept',
    }),
  ),
});
export type ScannedDocument = Static<typeof ScannedDocument>;
