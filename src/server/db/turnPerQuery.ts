import { setImmediate as nextTurn } from 'node:timers/promises';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * The embedded database runs each statement on the event loop. Without a turn between them, a
 * transaction of many statements (an import's chunk, a statement's rows) is one long task, and
 * every other request, even /healthz, waits for all of it. A turn of the event loop after each
 * statement lets them in between: a task holds the loop for one statement at most.
 */
export const turnPerQuery: KyselyPlugin = {
  transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => node,
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await nextTurn();
    return result;
  },
};
