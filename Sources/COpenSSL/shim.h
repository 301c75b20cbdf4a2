#ifndef C_OPENSSL_SHIM_H
#define C_OPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>

/* Macros Swift cannot call, as functions (the test kit's TLS client). */
static inline int copenssl_set_protocol_range(SSL_CTX *ctx, int min_version, int max_version) {
    return SSL_CTX_set_min_proto_version(ctx, min_version) == 1 && SSL_CTX_set_max_proto_version(ctx, max_version) == 1;
}
static inline int copenssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}
#endif
