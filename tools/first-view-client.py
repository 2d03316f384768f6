#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""A Trace Server Protocol client that times a first view: from adding a trace (or a recording's traces) to a
filled output, as a client opening it to look at one view would.

    tools/first-view-client.py URL PATH OUTPUT_ID

URL is the API's base (http://127.0.0.1:PORT/tsp/api). PATH is a CTF trace, or a recording directory whose CTF
traces are added one by one and made one experiment (as tests/server/client.test.mjs does). OUTPUT_ID is an XY
output (its tree, then its series) or a time graph (its tree, then every row's states), asked for over the range
the server gives the experiment at that moment (an experiment's grows while it is indexed): filled means both
answers COMPLETED and a series not all zero (a row with states). Polls every 100 ms. Prints one
JSON object: seconds to the experiment opened, to the output filled, and to the experiment indexed (Trace
Compass's index of its events, which the first view does not wait for), its event count and the filled answer's
size. Deletes the experiment and traces at the end.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.request

POLL = 0.1
TIMEOUT = 1800
SAMPLES = 100


def call(url, method='GET', body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={'Content-Type': 'application/json'})
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            text = answer.read()
    except urllib.error.HTTPError as e:
        raise SystemExit(f'error: {method} {url}: {e.code} {e.read().decode(errors="replace")}') from e
    return json.loads(text) if text else None


def members(path):
    if os.path.isfile(os.path.join(path, 'metadata')):
        return [path]
    found = sorted(root for root, _, files in os.walk(path) if 'metadata' in files)
    if not found:
        raise SystemExit(f'error: {path}: neither a CTF trace nor a directory of CTF traces')
    return found


def until(what, fetch, done):
    start = time.monotonic()
    while True:
        answer = fetch()
        if answer.get('status') == 'FAILED':
            raise SystemExit(f'error: {what} failed: {answer.get("statusMessage")}')
        if done(answer):
            return answer
        if time.monotonic() - start > TIMEOUT:
            raise SystemExit(f'error: {what} not done after {TIMEOUT} s: {answer.get("status")}')
        time.sleep(POLL)


def completed(answer):
    return answer.get('status') == 'COMPLETED'


def main():
    if len(sys.argv) != 4:
        raise SystemExit('usage: first-view-client.py URL PATH OUTPUT_ID')
    api, path, output = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    t0 = time.monotonic()
    traces = [call(f'{api}/traces', 'POST', {'parameters': {'uri': m, 'name': os.path.basename(m)}})['UUID'] for m in members(path)]
    experiment = call(f'{api}/experiments', 'POST', {'parameters': {'name': os.path.basename(path), 'traces': traces}})
    uuid = experiment['UUID']
    opened = time.monotonic() - t0
    outputs = {o['id']: o for o in call(f'{api}/experiments/{uuid}/outputs')}
    if output not in outputs:
        raise SystemExit(f'error: {path}: no output {output}; it has {sorted(outputs)}')
    kind = outputs[output]['type']
    base = f'{api}/experiments/{uuid}/outputs'

    def span():
        # what the server knows of the experiment's range now: an experiment's grows while Trace Compass indexes it
        state = call(f'{api}/experiments/{uuid}')
        return {'start': state['start'], 'end': state['end']}

    kinds = {'TREE_TIME_XY': ('XY', 'xy', 'series'), 'TIME_GRAPH': ('timeGraph', 'states', 'rows')}
    if kind not in kinds:
        raise SystemExit(f'error: output {output} is a {kind}, neither an XY nor a time graph')
    group, data, items = kinds[kind]
    asked = {}

    def fetch():
        asked['span'] = span()
        if asked['span']['end'] <= asked['span']['start']:
            return {'status': 'RUNNING'}  # no event read yet: the server gives the trace no range
        tree = call(f'{base}/{group}/{output}/tree', 'POST', {'parameters': {'requested_timerange': asked['span']}})
        if not completed(tree) or not tree['model']['entries']:
            return {'status': 'RUNNING'}
        ids = [e['id'] for e in tree['model']['entries']]
        return call(f'{base}/{group}/{output}/{data}', 'POST', {'parameters': {
            'requested_timerange': dict(asked['span'], nbTimes=SAMPLES), 'requested_items': ids}})

    def full(answer):
        if not completed(answer):
            return False
        if items == 'series':
            return any(y for s in answer['model']['series'] for y in s['yValues'])
        return any(r['states'] for r in answer['model']['rows'])

    filled = until('the first view', fetch, full)
    size = sum(1 for s in filled['model']['series'] for y in s['yValues'] if y) if items == 'series' \
        else sum(len(r['states']) for r in filled['model']['rows'])
    first_view = time.monotonic() - t0
    state = until('the index', lambda: call(f'{api}/experiments/{uuid}'), lambda a: a.get('indexingStatus') == 'COMPLETED')
    indexed = time.monotonic() - t0
    call(f'{api}/experiments/{uuid}', 'DELETE')
    for trace in traces:
        call(f'{api}/traces/{trace}', 'DELETE')
    print(json.dumps({'trace': path, 'output': output, 'opened_s': round(opened, 2), 'filled_s': round(first_view, 2),
                      'indexed_s': round(indexed, 2), 'events': state['nbEvents'], 'filled_items': size,
                      'filled_span_ns': asked['span']['end'] - asked['span']['start'],
                      'full_span_ns': state['end'] - state['start']}))


if __name__ == '__main__':
    main()
