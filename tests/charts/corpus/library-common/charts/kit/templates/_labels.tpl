{{- define "kit.labels.standard" -}}
{{- if and (hasKey . "customLabels") (hasKey . "context") -}}
{{- $default := dict "app.kubernetes.io/name" (include "kit.names.name" .context) "helm.sh/chart" (include "kit.names.chart" .context) "app.kubernetes.io/instance" .context.Release.Name "app.kubernetes.io/managed-by" .context.Release.Service -}}
{{- with .context.Chart.AppVersion -}}
{{- $_ := set $default "app.kubernetes.io/version" (include "kit.images.version" (dict "imageRoot" $.context.Values.image "chart" $.context.Chart)) -}}
{{- end -}}
{{ template "kit.tplvalues.merge" (dict "values" (list .customLabels $default) "context" .context) }}
{{- else -}}
app.kubernetes.io/name: {{ include "kit.names.name" . }}
helm.sh/chart: {{ include "kit.names.chart" . }}
app.kubernetes.io/instance: {{ .Release.Name | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service | quote }}
{{- end -}}
{{- end -}}

{{- define "kit.labels.matchLabels" -}}
app.kubernetes.io/name: {{ include "kit.names.name" .context }}
app.kubernetes.io/instance: {{ .context.Release.Name | quote }}
{{- end -}}
