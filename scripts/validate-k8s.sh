#!/usr/bin/env bash
# Validate the Kubernetes manifests against the Kubernetes API schemas (kubernetes-validate
# ships the schemas, so this runs offline). No cluster is contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check "kubernetes-validate==1.37.0"
manifests=$(ls k8s/*.yaml | grep -v kustomization.yaml)
kubernetes-validate --strict --kubernetes-version 1.33.0 $manifests
