/**
 * The names of fields that hold credentials: one rule, used by the server (which removes such
 * fields from every answer under /api/ before it is sent) and by the browser (which never keeps a
 * metadata field so named, as a second line). A name is folded first, so that spelling cannot
 * hide it: `Access Key`, `api_key`, `pass\u00ADword` (a soft hyphen) and `ＰＡＳＳＷＯＲＤ` (full
 * width) are all secret names.
 *
 * `auth` is on the list because `auth_token`, `basic_auth`, `Authorization` and `oauth` name
 * credentials. It also begins words archivists use for descriptive metadata, which hold none and
 * must not vanish: `Author` (and `Authors`, `Co-author`, `Authorship`, `Authored by`),
 * `Authority` (a name or subject authority) and `Authenticity`. Those are kept; `Authorization`,
 * `Authorisation`, `Authorize…`, `Authentication` and every other name containing `auth` are not.
 */

/** Fields the service's records carry credentials in. */
export const SECRET_FIELDS = ['login_username', 'login_password', 'private_access_token'] as const;

/**
 * A name that contains any of these, once folded, names a secret: `password`, `passwort`,
 * `passwd`, `secret`, `token`, `apikey`, `accesskey`, `credential` and `auth`.
 */
export const SECRET_WORDS =
  'password passwort passwd secret token apikey accesskey credential auth'.split(' ');

/**
 * Lower case, compatibility forms made plain (full-width letters, ligatures), and nothing but
 * letters and digits: soft hyphens, spaces, `_`, `-`, other punctuation, symbols and invisible
 * format characters are dropped.
 */
export const foldName = (name: string): string =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Any of the words, and the secret fields folded (`loginusername` has no such word); `auth`
 * anywhere but at the start of `author…` (unless it goes on as `authoriz…` or `authoris…`) or of
 * `authenticity`.
 */
const SECRET = new RegExp(
  [
    ...SECRET_WORDS.map((word) => (word === 'auth' ? 'auth(?!or(?!i[sz])|enticity)' : word)),
    ...SECRET_FIELDS.map(foldName),
  ].join('|'),
);

/** Whether a field or metadata field of this name holds a credential. */
export const isSecretName = (name: string): boolean => SECRET.test(foldName(name));
