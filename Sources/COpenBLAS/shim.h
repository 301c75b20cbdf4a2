#ifndef C_OPENBLAS_SHIM_H
#define C_OPENBLAS_SHIM_H
/* OpenBLAS's CBLAS declarations (Debian's libopenblas-dev; cblas.h is the alternatives link to
   OpenBLAS's header). Types only: the library itself is opened at run time (SentenceEmbedding's
   OpenBLAS.swift), after OPENBLAS_CORETYPE is set, because OpenBLAS picks its kernels when it is
   loaded and falls back to its slowest ones on CPUs it cannot name (virtual machines). */
#include <cblas.h>
#endif
