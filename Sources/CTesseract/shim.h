// Tesseract's C API and Leptonica (image decoding, scaling, cropping) for Swift.
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
