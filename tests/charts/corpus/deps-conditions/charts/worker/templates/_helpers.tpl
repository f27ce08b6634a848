{{- define "worker.fullname" -}}
{{ .Release.Name }}-{{ .Chart.Name | lower }}
{{- end -}}
