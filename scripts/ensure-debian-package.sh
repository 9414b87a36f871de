# Sourced by scripts/test.sh and scripts/wapiti.sh: installs a Debian package when its binary is
# missing (as root, or through sudo).
ensure_debian_package() { # binary, package
  if [ -x "$1" ]; then return; fi
  echo "$2 is missing: installing Debian's $2 package…"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >/dev/null
}
