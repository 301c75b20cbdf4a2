#ifndef CTLS_CERTIFICATES_H
#define CTLS_CERTIFICATES_H
#include <stddef.h>

/* The certificate libmicrohttpd's TLS handshakes present, swappable while the server runs.
 *
 * MHD (GnuTLS) asks for the certificate on every handshake through a retrieve callback
 * (MHD_OPTION_HTTPS_CERT_CALLBACK); the callback reads the current credentials with one atomic
 * load, so a reload (SIGHUP) makes the next handshakes use the new certificate while open
 * connections keep the session they have. The store is process-wide: the callback gets no
 * context pointer, and one process serves one product. Replaced credentials are kept until
 * the process exits (a handshake may still be using them); a reload costs a few kilobytes. */

/* Loads a PEM certificate chain and its private key and makes them current. Returns 0, or -1
 * with a message in `error` (unreadable file, not PEM, key does not match the certificate). */
int ctls_load(const char *cert_file, const char *key_file, char *error, size_t error_len);

/* 1 once a certificate has been loaded. */
int ctls_loaded(void);

/* How many loads succeeded so far (a reload test reads it). */
unsigned int ctls_generation(void);

/* The gnutls_certificate_retrieve_function2 to hand to MHD_OPTION_HTTPS_CERT_CALLBACK. */
void *ctls_retrieve_callback(void);

/* The GnuTLS priority string: TLS 1.2 and 1.3 only, AEAD ciphers, ECDHE key exchange. */
const char *ctls_priorities(void);

#endif
