#ifndef C_STEMMER_SHIM_H
#define C_STEMMER_SHIM_H
/* Snowball stemmers (libstemmer). A stemmer is not thread-safe: one per thread or per caller. */
#include <libstemmer.h>
#endif
