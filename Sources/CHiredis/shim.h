#ifndef C_HIREDIS_SHIM_H
#define C_HIREDIS_SHIM_H
#include <hiredis/hiredis.h>

/* redisCommandArgv returns void *; a typed wrapper keeps the cast on the C side. */
static inline redisReply *chiredis_command(redisContext *context, int argc, const char **argv, const size_t *lengths) {
    return (redisReply *)redisCommandArgv(context, argc, argv, lengths);
}

/* redisGetReply writes through a void **. */
static inline redisReply *chiredis_next_reply(redisContext *context) {
    void *reply = NULL;
    if (redisGetReply(context, &reply) != REDIS_OK) return NULL;
    return (redisReply *)reply;
}
#endif
