# Sourced by scripts/test.sh and scripts/wapiti.sh: installs Debian packages whose binaries are missing
# (as root, or through sudo), with one package index update and one install for all of them.
ensure_debian_packages() { # binary package [binary package ...]
  local missing=()
  while [ $# -ge 2 ]; do
    [ -x "$1" ] || missing+=("$2")
    shift 2
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "missing: installing Debian's ${missing[*]}…"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_debian_package() { # binary, package
  ensure_debian_packages "$1" "$2"
}
