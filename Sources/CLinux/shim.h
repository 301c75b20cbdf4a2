#ifndef C_LINUX_SHIM_H
#define C_LINUX_SHIM_H
/* Linux system calls the Glibc module does not surface to Swift (epoll, eventfd),
   and strptime, which needs a feature macro. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <time.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/openat2.h>

/* Opens `path` (relative) read-only below the directory `dirfd` in one system call; the
   kernel refuses `..`, absolute paths and symlinks that would leave it (errno EXDEV). */
static inline int clinux_open_beneath(int dirfd, const char *path) {
    struct open_how how = { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS };
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

static inline int clinux_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
static inline int clinux_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* epoll_event is packed on x86_64; these accessors keep Swift away from its layout. */
static inline int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = 0;
    ev.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &ev);
}

typedef struct { int fd; uint32_t events; } clinux_ready;

/* Waits and copies (fd, events) pairs into a plain array. */
static inline int clinux_epoll_wait(int epfd, clinux_ready *out, int max, int timeout_ms) {
    struct epoll_event events[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < n; i++) { out[i].fd = events[i].data.fd; out[i].events = events[i].events; }
    return n;
}

static const uint32_t CLINUX_EPOLLIN = EPOLLIN;
static const uint32_t CLINUX_EPOLLOUT = EPOLLOUT;
static const uint32_t CLINUX_EPOLLERR = EPOLLERR;
static const uint32_t CLINUX_EPOLLHUP = EPOLLHUP;
static const int CLINUX_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int CLINUX_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int CLINUX_EPOLL_CTL_DEL = EPOLL_CTL_DEL;

/* Declared here rather than through a feature macro, which would make the system
   headers differ from the ones the Glibc module was built with. */
extern char *strptime(const char *s, const char *format, struct tm *tm);

static inline int clinux_parse_http_date(const char *text, long *seconds) {
    struct tm parts = {0};
    const char *end = strptime(text, "%a, %d %b %Y %H:%M:%S GMT", &parts);
    if (end == NULL || *end != '\0') return 0;
    *seconds = (long)timegm(&parts);
    return 1;
}
#endif
