/* Measurement aid only (LD_PRELOAD under valgrind): valgrind 3.19 rewrites the mask passed to
   rt_sigsuspend in place, and libdispatch passes a read-only one, so valgrind itself faults.
   Hand the kernel a writable copy instead. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, 8);
}
