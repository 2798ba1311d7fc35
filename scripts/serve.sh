#!/bin/sh
# The production server (build/node/index.js) as npm start, the Docker image, the end-to-end tests
# and the bench run it, with the memory settings a process can only be given from outside.
# Measured under 50 connections on 50,000 items (npm run bench), each alone from about 300 MB:
#
#  - MALLOC_TRIM_THRESHOLD_: a fixed threshold turns off glibc's sliding one, which rises to 32 MB
#    once V8 frees its compiler's large blocks; each thread's malloc arena then kept that much free
#    memory. About 30 to 50 MB less at the peak.
#  - MALLOC_TOP_PAD_: what a trim leaves at the top of an arena. With glibc's 128 KiB, each gzip of
#    a page (zlib's 256 KiB of state, allocated and freed per call) was handed back to the system
#    and faulted in again: about 1 ms for the 57 KB stock page in the server, 0.4 ms with 512 KiB
#    kept. The peak under load did not rise (239-246 MB against 244-250 MB).
#  - --max-semi-space-size=8: V8's young generation at 2 x 8 MB instead of 2 x 16 MB (V8 rounds to
#    a power of two): about 20 MB less. Pages per second under load did not change; one at a time,
#    the bare page and the stock page took as long and the 1,000-line cart about 15 % longer (it
#    allocates about 11 MB a request). 4 MB saved 15 MB more but cost about 7 % of the pages.
#
# What the operator sets wins: their MALLOC_TRIM_THRESHOLD_ and MALLOC_TOP_PAD_, and NODE_OPTIONS given after ours.
# SERVER_NODE_FLAGS: flags for node's own command line, which NODE_OPTIONS does not carry (V8's
# compiler flags); the test suite's short-lived servers get --liftoff-only from it (decision 055).
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export MALLOC_TOP_PAD_="${MALLOC_TOP_PAD_:-524288}"
export NODE_OPTIONS="--max-semi-space-size=8${NODE_OPTIONS:+ $NODE_OPTIONS}"
cd "$(dirname "$0")/.." || exit 1
# shellcheck disable=SC2086 # the flags are words of their own
exec node ${SERVER_NODE_FLAGS:-} build/node/index.js "$@"
