import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** The PostgreSQL extensions every PGlite database loads: pg_trgm backs the search indexes. */
export const pgliteExtensions = { pg_trgm };
