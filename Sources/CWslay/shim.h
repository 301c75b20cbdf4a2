#ifndef C_WSLAY_SHIM_H
#define C_WSLAY_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <wslay/wslay.h>

/* wslay_is_ctrl_frame is a macro; Swift does not import function-like macros. */
static inline int cwslay_is_ctrl_frame(uint8_t opcode) { return (opcode >> 3) & 1; }

#endif
