import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { CurrencyRateList } from '../../../shared/currencyRates';
import { CurrencyService } from './service';

/** GET/PUT /api/currency-rates: the person's own exchange rates to their home currency. */
const currencyRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new CurrencyService(app.db);
  const tags = ['settings'];

  app.get(
    '/api/currency-rates',
    { schema: { tags, description: 'Rates to the home currency, oldest first per currency', response: { 200: CurrencyRateList, ...commonErrors } } },
    (req) => service.list(req.user.uid),
  );

  app.put(
    '/api/currency-rates',
    { schema: { tags, description: 'Replaces the whole table', body: CurrencyRateList, response: { 200: CurrencyRateList, ...commonErrors } } },
    (req) => service.replace(req.user.uid, req.body),
  );
};
export default currencyRoutes;
