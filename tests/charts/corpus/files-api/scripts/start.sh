#!/bin/sh
set -e
echo "starting $1"
exec /app/server "$@"
