#!/bin/sh
# Reports a sync's state with OSC 7501 (the example of thurm's product page): the pane's border
# shows "working sync: Syncing photos", then "done" or "error". Works over ssh too.
# Usage: examples/rsync-status.sh SOURCE DEST
status() { printf '\033]7501;state=%s:app=sync:msg=%s\033\\' "$1" "$(printf '%s' "$2" | base64 | tr -d '\n')"; }

status working "Syncing photos"
if rsync -a "${1:-$HOME/Photos}" "${2:-/tmp/photos-backup}"; then
  status done "Photos synced"
else
  status error "rsync failed"
fi
