{{- define "h" -}}
[{{ tpl .Values.extra . }}]
{{- end -}}
