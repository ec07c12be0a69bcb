#!/usr/bin/env bash
# Finishes a CouchDB 3 deployment for the golf trip sync server. Safe to run again: every step checks first or
# accepts CouchDB's "already done" answer.
#
#   COUCHDB_URL=http://admin:pw@127.0.0.1:5984 ./couchdb/setup.sh                 # a single node
#   docker compose -f couchdb/docker-compose.yml up                               # the cluster: runs it for you
#
# Environment:
#   COUCHDB_URL             required. One node (the setup coordinator), with the server admin's credentials in it.
#   COUCHDB_CLUSTER_NODES   the OTHER nodes, space separated, by the name each was started with (NODENAME, which
#                           must also resolve from the coordinator). Empty: a single node, set up with
#                           `enable_single_node` (n=1) unless it already is a finished cluster or single node.
#   COUCHDB_NODE_PORT       HTTP port of those nodes (default 5984).
#   COUCHDB_JWT_SECRET      optional. Its base64 becomes [jwt_keys] hmac:_default on every node, so CouchDB accepts
#                           HS256 tokens signed with it (see local.ini).
#   COUCHDB_REGISTRY_DB     default golf_registry (the server's registry database).
#   SETUP_TIMEOUT_SECONDS   how long to wait for nodes to answer (default 180).
set -euo pipefail

: "${COUCHDB_URL:?set COUCHDB_URL, e.g. http://admin:password@127.0.0.1:5984}"
NODES="${COUCHDB_CLUSTER_NODES:-}"
NODE_PORT="${COUCHDB_NODE_PORT:-5984}"
REGISTRY_DB="${COUCHDB_REGISTRY_DB:-golf_registry}"
TIMEOUT="${SETUP_TIMEOUT_SECONDS:-180}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BASE="${COUCHDB_URL%/}"

# The admin's name and password go into _cluster_setup bodies, so take them apart (percent-decoded).
if [[ ! "$BASE" =~ ^https?://([^:/@]+):([^@]*)@ ]]; then
  echo "COUCHDB_URL must carry the admin's credentials: http://user:password@host:5984" >&2
  exit 2
fi
urldecode() { printf '%b' "${1//%/\\x}"; }
json_string() { local s="${1//\\/\\\\}"; printf '"%s"' "${s//\"/\\\"}"; }
ADMIN_USER="$(urldecode "${BASH_REMATCH[1]}")"
ADMIN_PASSWORD="$(urldecode "${BASH_REMATCH[2]}")"
CREDENTIALS="\"username\": $(json_string "$ADMIN_USER"), \"password\": $(json_string "$ADMIN_PASSWORD")"

BODY="$(mktemp)"
trap 'rm -f "$BODY"' EXIT

# couch METHOD PATH [JSON]: prints the HTTP status; the answer body is in $BODY. Status 000 = no connection.
couch() {
  local args=(-sS -o "$BODY" -w '%{http_code}' -X "$1" -H 'Accept: application/json')
  if [[ $# -ge 3 ]]; then args+=(-H 'Content-Type: application/json' --data-binary "$3"); fi
  curl "${args[@]}" "$BASE$2" 2>/dev/null || true
}

# Fails the script with CouchDB's answer unless the status is one of the accepted ones.
require_status() {
  local what="$1" status="$2"; shift 2
  for ok in "$@"; do [[ "$status" == "$ok" ]] && return 0; done
  echo "setup: $what failed with HTTP $status: $(cat "$BODY")" >&2
  exit 1
}

log() { echo "setup: $*"; }

log "waiting for CouchDB at ${BASE#*@}"
deadline=$((SECONDS + TIMEOUT))
until [[ "$(couch GET /)" == 200 ]]; do
  if ((SECONDS > deadline)); then echo "setup: CouchDB did not answer within ${TIMEOUT}s" >&2; exit 1; fi
  sleep 2
done

if [[ -n "$NODES" ]]; then
  node_count=$(($(wc -w <<<"$NODES") + 1))
  couch GET /_cluster_setup >/dev/null
  if grep -q '"cluster_finished"' "$BODY"; then
    log "cluster already set up"
  else
    # Step 1 (CouchDB "Cluster Set Up" guide, The Cluster Setup API): enable the coordinator. local.ini already
    # binds 0.0.0.0 and the image creates the admin, so CouchDB may answer "Cluster is already enabled" (400).
    status=$(couch POST /_cluster_setup "{\"action\": \"enable_cluster\", \"bind_address\": \"0.0.0.0\", $CREDENTIALS, \"node_count\": \"$node_count\"}")
    require_status "enable_cluster on the coordinator" "$status" 201 400

    for node in $NODES; do
      couch GET /_membership >/dev/null
      if grep -q "\"couchdb@$node\"" "$BODY"; then log "$node already joined"; continue; fi
      log "joining $node"
      # Step 2: enable the remote node through the coordinator, then add it (this sends it the Erlang cookie and
      # records couchdb@<node> in _nodes). A node still starting refuses the connection: try again until deadline.
      until
        couch POST /_cluster_setup "{\"action\": \"enable_cluster\", \"bind_address\": \"0.0.0.0\", $CREDENTIALS, \"port\": $NODE_PORT, \"node_count\": \"$node_count\", \"remote_node\": $(json_string "$node"), \"remote_current_user\": $(json_string "$ADMIN_USER"), \"remote_current_password\": $(json_string "$ADMIN_PASSWORD")}" >/dev/null
        status=$(couch POST /_cluster_setup "{\"action\": \"add_node\", \"host\": $(json_string "$node"), \"port\": $NODE_PORT, $CREDENTIALS}")
        [[ "$status" == 201 ]]
      do
        if ((SECONDS > deadline)); then require_status "add_node $node" "$status" 201; fi
        sleep 3
      done
    done

    # Step 3: waits for every node to connect, copies the admin to all of them and creates the system databases
    # (_users, _replicator, _global_changes). 400 "Cluster is already finished" is fine.
    status=$(couch POST /_cluster_setup '{"action": "finish_cluster"}')
    require_status "finish_cluster" "$status" 201 400
  fi
  couch GET /_membership >/dev/null
  log "membership: $(tr -d ' \n' <"$BODY")"
else
  couch GET /_cluster_setup >/dev/null
  if grep -Eq '"(single_node_enabled|cluster_finished)"' "$BODY"; then
    log "node already set up"
  else
    # The documented single-node path: sets n=1 (one copy of each shard, not three on the same disk) and creates
    # the system databases. bind_address is required by CouchDB here; the docker image listens on all interfaces.
    status=$(couch POST /_cluster_setup "{\"action\": \"enable_single_node\", \"bind_address\": \"0.0.0.0\", $CREDENTIALS}")
    require_status "enable_single_node" "$status" 201 400
  fi
fi

# The system databases (normally already made by the step above) and the registry; 412 file_exists means it is
# already there. _global_changes too: CouchDB 3.5 built from source with `single_node = true` in its ini made
# _users and _replicator at start but not it, and the app servers' `GET /_db_updates` feed reads it (without it
# they poll each database they cache every 2 s instead).
for db in _users _replicator _global_changes "$REGISTRY_DB"; do
  status=$(couch PUT "/$db")
  require_status "creating $db" "$status" 201 202 412
done
log "databases ready: _users _replicator _global_changes $REGISTRY_DB"

# The registry's design document, from the same JSON file the server installs at start-up. Putting it again with
# identical content keeps the view signature, so nothing is re-indexed.
ddoc="$HERE/design/registry.json"
ddoc_id="$(sed -n 's/^ *"_id": *"\([^"]*\)".*/\1/p' "$ddoc" | head -n1)"
body="$(cat "$ddoc")"
if [[ "$(couch GET "/$REGISTRY_DB/$ddoc_id")" == 200 ]]; then
  rev="$(sed -n 's/.*"_rev":"\([^"]*\)".*/\1/p' "$BODY")"
  body="{\"_rev\": \"$rev\",${body#*\{}"
fi
status=$(couch PUT "/$REGISTRY_DB/$ddoc_id" "$body")
require_status "installing $ddoc_id" "$status" 201 202
log "installed $ddoc_id in $REGISTRY_DB"

# The JWT key, on every node: configuration is per node, and /_node/{name}/_config reaches each one from here.
if [[ -n "${COUCHDB_JWT_SECRET:-}" ]]; then
  key="$(printf %s "$COUCHDB_JWT_SECRET" | base64 | tr -d '\n')"
  couch GET /_membership >/dev/null
  members="$(tr -d ' \n' <"$BODY" | sed -n 's/.*"cluster_nodes":\[\([^]]*\)\].*/\1/p' | tr ',' ' ' | tr -d '"')"
  for member in ${members:-_local}; do
    status=$(couch PUT "/_node/$member/_config/jwt_keys/hmac:_default" "\"$key\"")
    require_status "setting the JWT key on $member" "$status" 200
  done
  log "JWT key set on: ${members:-_local}"
fi

log "done"
