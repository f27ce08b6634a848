{{- define "app.serviceAccountName" -}}
{{- printf "%s-sa" (include "kit.names.fullname" .) -}}
{{- end -}}
