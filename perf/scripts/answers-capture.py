#!/usr/bin/env python3
"""Sends the requests of one set of answers-requests.txt to a running DasGrid and keeps each answer, timings and
port taken out (see answers-diff.sh).

usage: answers-capture.py BASE_URL REQUESTS_FILE SET OUT_DIR DATA_DIR

A request line: SET NAME METHOD PATH [body=FILE] [accept=TYPE]. In PATH, {NEXT:name} is the "next" cursor of the
answer kept as NAME and {MD5:SEQ} the refget digest of sequence SEQ of the bundled C. elegans FASTA; a body FILE
is relative to DATA_DIR (or to the bundled examples folder for examples/...)."""
import gzip
import hashlib
import os
import re
import sys
import urllib.error
import urllib.request

base, requests_file, wanted, out, data = sys.argv[1:6]
examples = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'webapp', 'src', 'main', 'resources',
                        'examples')
KEPT_HEADERS = ('content-type', 'content-encoding', 'content-range', 'x-das-', 'x-dasgrid-', 'retry-after', 'allow')
TIMINGS = re.compile(rb',?"elapsed(_db)?_ms":\s*[0-9.eE+-]+')
# when a source was loaded, and in how long: the same in no two runs
LOAD_TIMES = [(re.compile(rb'"loadMillis":\d+'), b'"loadMillis":0'),
              (re.compile(rb'"loadedAt":"[^"]*"'), b'"loadedAt":""'),
              (re.compile(rb'created="[^"]*"'), b'created=""')]
port = re.search(r':(\d+)$', base).group(1).encode()


def fasta_md5(name):
    seq, on = [], False
    with open(os.path.join(examples, 'data', 'ce_ws199.fa')) as f:
        for line in f:
            if line.startswith('>'):
                on = line[1:].split()[0] == name
            elif on:
                seq.append(line.strip().upper())
    return hashlib.md5(''.join(seq).encode()).hexdigest()


def expand(path):
    def next_cursor(m):
        with open(os.path.join(out, m.group(1) + '.answer'), 'rb') as f:
            body = f.read()
        c = re.search(rb'"next":\s*"([^"]+)"', body)
        return c.group(1).decode() if c else 'none'
    path = re.sub(r'\{NEXT:([\w.-]+)\}', next_cursor, path)
    return re.sub(r'\{MD5:([\w.-]+)\}', lambda m: fasta_md5(m.group(1)), path)


def normalize(body):
    if body[:2] == b'\x1f\x8b':  # a gzipped export: its decompressed bytes
        try:
            body = gzip.decompress(body)
        except (OSError, EOFError):
            pass
    body = TIMINGS.sub(b'', body)
    for pattern, fixed in LOAD_TIMES:
        body = pattern.sub(fixed, body)
    body = sorted_request_parameters(body)
    return body.replace(b'127.0.0.1:' + port, b'HOST').replace(b'localhost:' + port, b'HOST')


def sorted_request_parameters(body):
    """Beacon echoes a request's parameters in no fixed order from run to run (of the same jar): their entries
    sorted, the rest as it is."""
    key = b'"requestParameters":{"g_variant":{'
    at = body.find(key)
    if at < 0:
        return body
    start = at + len(key)
    depth, i, cuts = 0, start, [start]
    in_string = False
    while depth >= 0:
        c = body[i:i + 1]
        if in_string:
            if c == b'\\':
                i += 1
            elif c == b'"':
                in_string = False
        elif c == b'"':
            in_string = True
        elif c in b'{[':
            depth += 1
        elif c in b'}]':
            depth -= 1
        elif c == b',' and depth == 0:
            cuts.append(i + 1)
        i += 1
    end = i - 1
    entries = [body[a:b].rstrip(b',') for a, b in zip(cuts, cuts[1:] + [end])]
    return body[:start] + b','.join(sorted(entries)) + body[end:]


count = 0
with open(requests_file) as f:
    for line in f:
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        parts = line.split()
        if parts[0] != wanted:
            continue
        name, method, path = parts[1], parts[2], expand(parts[3])
        body, accept = None, None
        for opt in parts[4:]:
            k, v = opt.split('=', 1)
            if k == 'body':
                p = os.path.join(examples, v[len('examples/'):]) if v.startswith('examples/') else os.path.join(data, v)
                with open(p, 'rb') as b:
                    body = b.read()
            elif k == 'accept':
                accept = v
        req = urllib.request.Request(base + path, data=body, method=method)
        if accept:
            req.add_header('Accept', accept)
        if body is not None:
            req.add_header('Content-Type', 'text/plain')
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                status, headers, payload = r.status, r.headers, r.read()
        except urllib.error.HTTPError as e:
            status, headers, payload = e.code, e.headers, e.read()
        kept = sorted(f'{k.lower()}: {v}' for k, v in headers.items() if k.lower().startswith(KEPT_HEADERS))
        with open(os.path.join(out, name + '.answer'), 'wb') as w:
            w.write(f'{method} {path}\nstatus {status}\n'.encode())
            w.write(normalize('\n'.join(kept).encode()) + b'\n\n')
            w.write(normalize(payload))
        count += 1
print(f'{wanted}: {count} answers kept in {out}', file=sys.stderr)
