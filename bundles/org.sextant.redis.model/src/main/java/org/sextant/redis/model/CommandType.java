// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.Locale;
import java.util.Set;

/**
 * Whether a request reads or writes the keyspace, as Redis 7's command table flags its command ({@code readonly}
 * or {@code write} in {@code COMMAND INFO}); {@link #OTHER} for connection, server, scripting and pub/sub
 * commands, and for commands this table does not know.
 */
public enum CommandType {
    /** A read-only data command: GET, HGETALL, ZRANGE... */
    READ("read"),
    /** A data command that may write: SET, DEL, LPUSH, ZADD... */
    WRITE("write"),
    /** Neither: PING, PUBLISH, CLUSTER, EVAL, and the unknown. */
    OTHER("other");

    private static final Set<String> READS = Set.of("get", "mget", "exists", "strlen", "getrange", "substr", "lcs",
            "hget", "hmget", "hgetall", "hkeys", "hvals", "hlen", "hexists", "hstrlen", "hrandfield", "hscan",
            "lrange", "llen", "lindex", "lpos", "smembers", "sismember", "smismember", "scard", "srandmember", "sinter",
            "sintercard", "sunion", "sdiff", "sscan", "zrange", "zrangebyscore", "zrevrange", "zrevrangebyscore",
            "zrangebylex", "zrevrangebylex", "zscore", "zmscore", "zcard", "zcount", "zlexcount", "zrank", "zrevrank",
            "zrandmember", "zinter", "zintercard", "zunion", "zdiff", "zscan", "scan", "keys", "randomkey", "type",
            "ttl", "pttl", "expiretime", "pexpiretime", "dbsize", "dump", "touch", "getbit", "bitcount", "bitpos",
            "bitfield_ro", "pfcount", "geopos", "geodist", "geohash", "geosearch", "georadius_ro",
            "georadiusbymember_ro", "xrange", "xrevrange", "xlen", "xread", "xpending", "sort_ro");

    private static final Set<String> WRITES = Set.of("set", "setnx", "setex", "psetex", "mset", "msetnx", "append",
            "incr", "decr", "incrby", "decrby", "incrbyfloat", "getset", "getdel", "getex", "setrange", "del", "unlink",
            "expire", "pexpire", "expireat", "pexpireat", "persist", "rename", "renamenx", "move", "copy", "restore",
            "hset", "hsetnx", "hmset", "hdel", "hincrby", "hincrbyfloat", "lpush", "rpush", "lpushx", "rpushx", "lpop",
            "rpop", "linsert", "lset", "lrem", "ltrim", "lmove", "blmove", "rpoplpush", "brpoplpush", "blpop", "brpop",
            "lmpop", "blmpop", "sadd", "srem", "spop", "smove", "sinterstore", "sunionstore", "sdiffstore", "zadd",
            "zincrby", "zrem", "zremrangebyscore", "zremrangebyrank", "zremrangebylex", "zpopmin", "zpopmax",
            "bzpopmin", "bzpopmax", "zmpop", "bzmpop", "zrangestore", "zinterstore", "zunionstore", "zdiffstore",
            "setbit", "bitop", "bitfield", "pfadd", "pfmerge", "geoadd", "georadius", "georadiusbymember",
            "geosearchstore", "xadd", "xdel", "xtrim", "xgroup", "xack", "xclaim", "xautoclaim", "xreadgroup",
            "xsetid", "sort", "flushdb", "flushall", "swapdb");

    private final String fLabel;

    CommandType(String label) {
        fLabel = label;
    }

    /** @return "read", "write" or "other" */
    public String label() {
        return fLabel;
    }

    /**
     * @param command
     *            a command's name, any case
     * @return its type
     */
    public static CommandType of(String command) {
        String name = command.toLowerCase(Locale.ROOT);
        return READS.contains(name) ? READ : WRITES.contains(name) ? WRITE : OTHER;
    }
}
