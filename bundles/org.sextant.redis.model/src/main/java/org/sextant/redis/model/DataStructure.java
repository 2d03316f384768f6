// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The data structure a request works on, as Redis 7's command table groups its commands ({@code COMMAND DOCS}'s
 * {@code group}: string, list, hash, set, sorted-set, stream, pubsub): the Requests -> Data structure of Kabamba et
 * al.'s model. Bitmaps and HyperLogLogs are strings in Redis and geo indexes sorted sets, so their commands count
 * there; {@link #KEYSPACE} is the generic commands on keys of any type (DEL, EXPIRE, SCAN...), {@link #OTHER} the
 * connection, server, scripting and transaction commands, and the commands this table does not know.
 */
public enum DataStructure {
    /** Strings, bitmaps and HyperLogLogs: GET, SET, INCR, MSET, SETBIT, PFADD... */
    STRING("string", "get", "set", "setnx", "setex", "psetex", "mget", "mset", "msetnx", "append", "incr", "decr",
            "incrby", "decrby", "incrbyfloat", "getset", "getdel", "getex", "getrange", "setrange", "substr", "strlen",
            "lcs", "setbit", "getbit", "bitcount", "bitpos", "bitop", "bitfield", "bitfield_ro", "pfadd", "pfcount",
            "pfmerge"),
    /** Lists: LPUSH, RPUSH, LPOP, RPOP, LRANGE... */
    LIST("list", "lpush", "rpush", "lpushx", "rpushx", "lpop", "rpop", "lrange", "llen", "lindex", "lpos", "linsert",
            "lset", "lrem", "ltrim", "lmove", "blmove", "rpoplpush", "brpoplpush", "blpop", "brpop", "lmpop", "blmpop"),
    /** Hashes: HSET, HGET, HGETALL... */
    HASH("hash", "hset", "hsetnx", "hmset", "hget", "hmget", "hgetall", "hkeys", "hvals", "hlen", "hexists", "hstrlen",
            "hrandfield", "hscan", "hdel", "hincrby", "hincrbyfloat"),
    /** Sets: SADD, SPOP, SMEMBERS... */
    SET("set", "sadd", "srem", "spop", "smove", "smembers", "sismember", "smismember", "scard", "srandmember", "sinter",
            "sintercard", "sunion", "sdiff", "sscan", "sinterstore", "sunionstore", "sdiffstore"),
    /** Sorted sets and geo indexes: ZADD, ZPOPMIN, ZRANGE, GEOADD... */
    SORTED_SET("sorted set", "zadd", "zincrby", "zrem", "zremrangebyscore", "zremrangebyrank", "zremrangebylex",
            "zpopmin", "zpopmax", "bzpopmin", "bzpopmax", "zmpop", "bzmpop", "zrange", "zrangestore", "zrangebyscore",
            "zrevrange", "zrevrangebyscore", "zrangebylex", "zrevrangebylex", "zscore", "zmscore", "zcard", "zcount",
            "zlexcount", "zrank", "zrevrank", "zrandmember", "zinter", "zintercard", "zunion", "zdiff", "zscan",
            "zinterstore", "zunionstore", "zdiffstore", "geoadd", "geopos", "geodist", "geohash", "geosearch",
            "geosearchstore", "georadius", "georadius_ro", "georadiusbymember", "georadiusbymember_ro"),
    /** Streams: XADD, XRANGE, XREAD... */
    STREAM("stream", "xadd", "xdel", "xtrim", "xlen", "xrange", "xrevrange", "xread", "xreadgroup", "xgroup", "xack",
            "xclaim", "xautoclaim", "xpending", "xinfo", "xsetid"),
    /** Pub/sub channels: PUBLISH, SUBSCRIBE... */
    PUBSUB("pubsub", "publish", "spublish", "subscribe", "unsubscribe", "psubscribe", "punsubscribe",
            "ssubscribe", "sunsubscribe", "pubsub"),
    /** Keys of any type: DEL, EXISTS, EXPIRE, TTL, TYPE, SCAN, KEYS, SORT... */
    KEYSPACE("keyspace", "del", "unlink", "exists", "expire", "pexpire", "expireat", "pexpireat", "expiretime",
            "pexpiretime", "ttl", "pttl", "persist", "type", "rename", "renamenx", "move", "copy", "dump", "restore",
            "touch", "object", "keys", "scan", "randomkey", "dbsize", "flushdb", "flushall", "swapdb", "sort", "sort_ro"),
    /** None: PING, CONFIG, CLIENT, EVAL, MULTI... and the commands not above. */
    OTHER("other");

    private static final Map<String, DataStructure> BY_COMMAND = new HashMap<>();

    static {
        for (DataStructure structure : values()) {
            structure.fCommands.forEach(command -> BY_COMMAND.put(command, structure));
        }
    }

    private final String fLabel;
    private final Set<String> fCommands;

    DataStructure(String label, String... commands) {
        fLabel = label;
        fCommands = Set.of(commands);
    }

    /** @return its name in the model's state and summaries: "string", "sorted set", "pubsub" (Redis's names of its groups)... */
    public String label() {
        return fLabel;
    }

    /**
     * @param command
     *            a command's name, any case
     * @return the data structure it works on
     */
    public static DataStructure of(String command) {
        return BY_COMMAND.getOrDefault(command.toLowerCase(Locale.ROOT), OTHER);
    }
}
