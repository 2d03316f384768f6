// SPDX-License-Identifier: EPL-2.0
// The probes of http_tp.h, compiled into the tracer library itself.
#define TRACEPOINT_CREATE_PROBES
#define TRACEPOINT_DEFINE
#include "http_tp.h"
