/** Where `compound-db` reads the secrets from: the environment only (flags show in process lists). */
export const API_KEY_ENV = 'COMPOUND_DB_API_KEY';
export const TOKEN_ENV = 'COMPOUND_DB_TOKEN';
