#ifndef C_ZLIB_SHIM_H
#define C_ZLIB_SHIM_H
#include <zlib.h>
#endif
