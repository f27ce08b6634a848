{{- define "tpl.host" -}}
{{ .Release.Name }}.{{ .Release.Namespace }}.svc
{{- end -}}
{{- define "tpl.callsEmptyTpl" -}}
[{{ tpl .Values.emptyTemplate . }}]
{{- end -}}
