// One service's MongoDB URL from the infrastructure's base URL, which may carry credentials,
// several hosts and options (a replica set's `?replicaSet=…&retryWrites=true`, the Docker
// path's `?directConnection=true`): the database goes into the path, before the options.

/** The URL with its password hidden, for error messages. */
const redacted = (url) => url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');

/**
 * `mongoUrlFor('mongodb://h:27017/?directConnection=true', 'stack_auth')` is
 * `mongodb://h:27017/stack_auth?directConnection=true`. The base must name no database: each
 * service gets its own.
 */
export function mongoUrlFor(base, db) {
  if (!/^[^/\\. "$?*<>:|]+$/.test(db)) throw new Error(`not a MongoDB database name: ${JSON.stringify(db)}`);
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/([^?]*))?(?:\?(.*))?$/.exec(base);
  if (!match) throw new Error(`not a MongoDB URL: ${redacted(base)}`);
  const [, hosts, path = '', query = ''] = match;
  if (path.replace(/\/+$/, '') !== '') throw new Error(`the MongoDB base URL must name no database (each service gets its own): ${redacted(base)}`);
  return `${hosts}/${db}${query ? `?${query}` : ''}`;
}
