{{- define "kit.capabilities.kubeVersion" -}}
{{- default .Capabilities.KubeVersion.Version .Values.kubeVersion -}}
{{- end -}}

{{- define "kit.capabilities.policy.apiVersion" -}}
{{- if semverCompare "<1.21-0" (include "kit.capabilities.kubeVersion" .) -}}
{{- print "policy/v1beta1" -}}
{{- else -}}
{{- print "policy/v1" -}}
{{- end -}}
{{- end -}}

{{- define "kit.capabilities.ingress.apiVersion" -}}
{{- if .Capabilities.APIVersions.Has "networking.k8s.io/v1" -}}
{{- print "networking.k8s.io/v1" -}}
{{- else if .Capabilities.APIVersions.Has "networking.k8s.io/v1beta1" -}}
{{- print "networking.k8s.io/v1beta1" -}}
{{- else -}}
{{- print "extensions/v1beta1" -}}
{{- end -}}
{{- end -}}

{{- define "kit.capabilities.supportsHelmVersion" -}}
{{- if not (empty .Capabilities.HelmVersion.Version) -}}
{{- true -}}
{{- end -}}
{{- end -}}

{{- define "kit.ingress.supportsPathType" -}}
{{- if semverCompare "<1.18-0" (include "kit.capabilities.kubeVersion" .) -}}
{{- print "false" -}}
{{- else -}}
{{- print "true" -}}
{{- end -}}
{{- end -}}
