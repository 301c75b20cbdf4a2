#ifndef CMHD_QUIESCE_H
#define CMHD_QUIESCE_H
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

/* MHD_quiesce_daemon that survives libmicrohttpd 0.9.75's epoll thread-pool race (see the .c file).
 * *raced is 1 when it happened; the result is then MHD_INVALID_SOCKET and the daemon keeps the listener. */
MHD_socket cmhd_quiesce_daemon(struct MHD_Daemon *d, int *raced);

/* Installs the panic handler: the quiesce race is survived, every other panic calls fallback, then aborts. */
void cmhd_install_panic(MHD_PanicCallback fallback);

#endif
