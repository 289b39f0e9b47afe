#!/usr/bin/env bash
# Validate the Kubernetes manifests against the Kubernetes API schemas (kubernetes-validate
# ships the schemas, so this runs offline). No cluster is contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check "kubernetes-validate==1.37.0"
manifests=$(ls k8s/*.yaml | grep -v kustomization.yaml)
kubernetes-validate --strict --kubernetes-version 1.33.0 $manifests

# The Deployment runs the image the build produces: the tag is the crate's version, as
# `.ci/run` tags the image it builds and tests.
version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
image=$(awk '/image: draughts-api:/ {print $2; exit}' k8s/deployment.yaml)
if [ "$image" != "draughts-api:$version" ]; then
  echo "validate-k8s: k8s/deployment.yaml names $image, the build produces draughts-api:$version" >&2
  exit 1
fi
echo "k8s/deployment.yaml names the image the build produces: $image"
