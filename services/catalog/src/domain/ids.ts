/**
 * Whether an id from a URL can be one of ours (24 hex digits). Anything else is answered 404
 * before the database sees it; mongoose alone would also take any 12-character string.
 */
export const isObjectIdText = (id: string) => /^[a-f0-9]{24}$/i.test(id);
