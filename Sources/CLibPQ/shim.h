#ifndef C_LIBPQ_SHIM_H
#define C_LIBPQ_SHIM_H
#include <libpq-fe.h>

/* PG_DIAG_SQLSTATE is a macro character constant ('C'); Swift imports it, but as a Character-like
   Int32 it is clearer to name the one field we read. */
static inline const char *clibpq_sqlstate(const PGresult *result) { return PQresultErrorField(result, 'C'); }
#endif
