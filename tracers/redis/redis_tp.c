// SPDX-License-Identifier: EPL-2.0
// The probes of redis_tp.h, compiled into the tracer library itself.
#define TRACEPOINT_CREATE_PROBES
#define TRACEPOINT_DEFINE
#include "redis_tp.h"
