#ifndef C_OPENBLAS_SHIM_H
#define C_OPENBLAS_SHIM_H
/* OpenBLAS through its CBLAS interface (Debian's libopenblas-dev; cblas.h is the alternatives
   link to OpenBLAS's header, which also declares openblas_set_num_threads). */
#include <cblas.h>
#endif
