#!/usr/bin/awk -f
# SPDX-License-Identifier: EPL-2.0
# A hand check of io on LTTng kernel traces without tid/pid contexts, from babeltrace2's text output alone:
# bytes read and written per thread, a call's thread being the one its CPU's latest sched_switch switched in.
#
#   babeltrace2 TRACE | awk -v SET=sextant -f tools/io-by-thread.awk      # Sextant's calls (IoAnalysis)
#   babeltrace2 TRACE | awk -v SET=tc -f tools/io-by-thread.awk           # Trace Compass's: read*, pread*, write*, pwrite*
#   babeltrace2 TRACE | awk -v CALLS=1 -f tools/io-by-thread.awk          # also the bytes returned per call name
#
# SET=sextant: read pread64 readv preadv preadv2 recvfrom recvmsg / write pwrite64 writev pwritev pwritev2 sendto
# sendmsg; SET=tc: the calls Trace Compass's Input/Output analysis matches with [p]?read.* and [p]?write.* (readlink
# too). Entries sys_NAME (LTTng < 2.6) or syscall_entry_NAME; exits exit_syscall (any call) or syscall_exit_NAME;
# an exit pairs with its thread's last entry and counts when its return value is positive.
function field(name,   m) {
  if (match($0, name " = -?[0-9]+")) { m = substr($0, RSTART, RLENGTH); sub(/.* = /, "", m); return m + 0 }
  return ""
}
{
  event = $4; sub(/:$/, "", event); cpu = field("cpu_id")
  if (event == "sched_switch") { running[cpu] = field("next_tid"); next }
  call = event
  if (sub(/^(compat_)?syscall_entry_/, "", call) || sub(/^(compat_)?sys_/, "", call)) kind = "entry"
  else if (sub(/^(compat_)?syscall_exit_/, "", call)) kind = "exit"
  else if (event == "exit_syscall") { call = "*"; kind = "exit" }
  else next
  if (!(cpu in running)) { before[kind]++; next }
  tid = running[cpu]
  if (kind == "entry") { inCall[tid] = call; next }
  entered = inCall[tid]; delete inCall[tid]; ret = field("ret")
  if (entered == "" || (call != "*" && call != entered) || ret <= 0) next
  perCall[entered] += ret
  if (SET == "tc") {
    if (entered ~ /^p?read/) read[tid] += ret; else if (entered ~ /^p?write/) written[tid] += ret
  } else if (entered ~ /^(read|pread64|readv|preadv|preadv2|recvfrom|recvmsg)$/) read[tid] += ret
  else if (entered ~ /^(write|pwrite64|writev|pwritev|pwritev2|sendto|sendmsg)$/) written[tid] += ret
}
END {
  if (CALLS) for (c in perCall) printf "call %s %d\n", c, perCall[c]
  for (t in read) { printf "read %s %d\n", t, read[t]; totalRead += read[t] }
  for (t in written) { printf "written %s %d\n", t, written[t]; totalWritten += written[t] }
  printf "total read %d written %d; calls before their CPU's first sched_switch: %d entries, %d exits\n", totalRead, totalWritten, before["entry"] + 0, before["exit"] + 0
}
