#ifndef C_MICROHTTPD_SHIM_H
#define C_MICROHTTPD_SHIM_H
/* Thin shim over libmicrohttpd: Swift cannot call variadic C functions, so the
   few we need are wrapped here in fixed-arity inline functions. */
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

/* Options for starting a daemon; zero means "library default". */
typedef struct {
    unsigned int flags;
    uint16_t port;
    const struct sockaddr *bind_address;   /* may be NULL */
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    size_t connection_memory_limit;
    unsigned int connection_timeout_seconds;
    unsigned int listen_backlog;
    MHD_AccessHandlerCallback access_handler;
    void *access_context;
    MHD_RequestCompletedCallback completed_handler;
    void *completed_context;
    MHD_LogCallback log_handler;
    void *log_context;
    void *(*uri_log_handler)(void *cls, const char *uri, struct MHD_Connection *connection);
    void *uri_log_context;
    MHD_NotifyConnectionCallback connection_handler;   /* may be NULL */
    void *connection_context;
    unsigned int per_ip_connection_limit;   /* 0: no limit */
    int strict_for_client;                  /* MHD_OPTION_STRICT_FOR_CLIENT: -1 tolerant, 0 default, 1 strict */
    void *https_cert_callback;              /* with MHD_USE_TLS: MHD_OPTION_HTTPS_CERT_CALLBACK, else NULL */
    const char *https_priorities;           /* with MHD_USE_TLS: MHD_OPTION_HTTPS_PRIORITIES, else NULL */
} cmhd_daemon_options;

static inline struct MHD_Daemon *cmhd_start_daemon(const cmhd_daemon_options *o) {
    /* The TLS options only when serving HTTPS (MHD refuses them on a plain daemon). */
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_HTTPS_CERT_CALLBACK, 0, o->https_cert_callback},
        {MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)o->https_priorities},
        {MHD_OPTION_END, 0, NULL},
    };
    if (o->https_cert_callback == NULL) tls[0].option = MHD_OPTION_END;
    return MHD_start_daemon(o->flags, o->port, NULL, NULL,
        o->access_handler, o->access_context,
        MHD_OPTION_ARRAY, tls,
        MHD_OPTION_EXTERNAL_LOGGER, o->log_handler, o->log_context,
        MHD_OPTION_SOCK_ADDR, o->bind_address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)(o->thread_pool_size ? o->thread_pool_size : 1),
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)(o->connection_limit ? o->connection_limit : 1024),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(o->connection_memory_limit ? o->connection_memory_limit : 32 * 1024),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)o->connection_timeout_seconds,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned int)(o->listen_backlog ? o->listen_backlog : 511),
        MHD_OPTION_NOTIFY_COMPLETED, o->completed_handler, o->completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, o->uri_log_handler, o->uri_log_context,
        MHD_OPTION_NOTIFY_CONNECTION, o->connection_handler, o->connection_context,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)o->per_ip_connection_limit,
        MHD_OPTION_STRICT_FOR_CLIENT, (int)o->strict_for_client,
        MHD_OPTION_END);
}

static inline int cmhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

static inline enum MHD_Result cmhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

static inline enum MHD_Result cmhd_upgrade_cork(struct MHD_UpgradeResponseHandle *urh, int on) {
    return MHD_upgrade_action(urh, on ? MHD_UPGRADE_ACTION_CORK_ON : MHD_UPGRADE_ACTION_CORK_OFF);
}

/* The port the daemon listens on (useful after binding port 0). */
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline unsigned int cmhd_current_connections(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The connection's socket (for cutting it with shutdown(2) when a request deadline passes). */
static inline int cmhd_connection_fd(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}

/* What the connection callback stored for this connection at MHD_CONNECTION_NOTIFY_STARTED. */
static inline void *cmhd_socket_context(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

#endif
