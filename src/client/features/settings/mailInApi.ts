import { api } from '../../api/api';
import type { MailIn, MailSendersBody } from '../../../shared/mailIn';

/** Receipts by e-mail: every change answers the whole state, which becomes the cached one (no refetch). */
export const mailInApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMailIn: build.query<MailIn, void>({ query: () => '/api/mail-in' }),
    newMailAddress: build.mutation<MailIn, void>({
      query: () => ({ url: '/api/mail-in/address', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mailInApi.util.upsertQueryData('getMailIn', undefined, data));
      },
    }),
    saveMailSenders: build.mutation<MailIn, MailSendersBody>({
      query: (body) => ({ url: '/api/mail-in/senders', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mailInApi.util.upsertQueryData('getMailIn', undefined, data));
      },
    }),
  }),
});

export const { useGetMailInQuery, useNewMailAddressMutation, useSaveMailSendersMutation } = mailInApi;
