{{- define "mongodb.labels" -}}
app.kubernetes.io/name: mongodb
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{- define "mongodb.selector" -}}
app.kubernetes.io/name: mongodb
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "mongodb.secret" -}}
{{- .Values.auth.existingSecret | default (printf "%s-credentials" .Release.Name) -}}
{{- end -}}
