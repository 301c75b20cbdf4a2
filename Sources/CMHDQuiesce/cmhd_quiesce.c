#include "cmhd_quiesce.h"
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* libmicrohttpd 0.9.75 races in MHD_quiesce_daemon with an epoll thread pool: a worker may
 * already have removed the listening socket from its epoll set when the quiescing thread tries
 * to, and MHD treats that failed EPOLL_CTL_DEL as a panic. Its panic call is marked noreturn,
 * so a panic handler must not return. cmhd_quiesce_daemon runs the quiesce under sigsetjmp
 * and cmhd_panic jumps back out for exactly that message on the quiescing thread (only C
 * frames of libmicrohttpd lie between); every other panic goes to the product's handler,
 * which aborts. After a jump the daemon still owns the listening socket (-1 is returned) and
 * closes it in MHD_stop_daemon. */
static __thread sigjmp_buf jump;
static __thread int quiescing;
static sigjmp_buf *cmhd_quiesce_jump(void) { return &jump; }
static int *cmhd_quiescing(void) { return &quiescing; }

static void cmhd_panic(void *cls, const char *file, unsigned int line, const char *reason) {
    if (*cmhd_quiescing() && reason != NULL && strstr(reason, "Failed to remove listen FD from epoll set") != NULL) {
        *cmhd_quiescing() = 0;
        siglongjmp(*cmhd_quiesce_jump(), 1);
    }
    MHD_PanicCallback fallback = (MHD_PanicCallback)cls;
    if (fallback != NULL) fallback(NULL, file, line, reason);
    abort();
}

/* 1 when the race was survived (the result is then -1). */
MHD_socket cmhd_quiesce_daemon(struct MHD_Daemon *d, int *raced) {
    *raced = 0;
    if (sigsetjmp(*cmhd_quiesce_jump(), 0) != 0) {
        *raced = 1;
        return MHD_INVALID_SOCKET;
    }
    *cmhd_quiescing() = 1;
    MHD_socket listener = MHD_quiesce_daemon(d);
    *cmhd_quiescing() = 0;
    return listener;
}

void cmhd_install_panic(MHD_PanicCallback fallback) {
    MHD_set_panic_func(cmhd_panic, (void *)fallback);
}

