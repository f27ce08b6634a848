{{- define "b.scripts" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-scripts
data:
  start.sh: |
    echo start
---
{{- end -}}
