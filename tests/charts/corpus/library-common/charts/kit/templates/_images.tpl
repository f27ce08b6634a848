{{- define "kit.images.image" -}}
{{- $registry := .imageRoot.registry -}}
{{- $repository := .imageRoot.repository -}}
{{- $separator := ":" -}}
{{- $termination := .imageRoot.tag | toString -}}
{{- if not .imageRoot.tag }}
  {{- if .chart }}
    {{- $termination = .chart.AppVersion | toString -}}
  {{- end -}}
{{- end -}}
{{- if .imageRoot.digest }}
    {{- $separator = "@" -}}
    {{- $termination = .imageRoot.digest | toString -}}
{{- end -}}
{{- if $registry }}
    {{- printf "%s/%s%s%s" $registry $repository $separator $termination -}}
{{- else -}}
    {{- printf "%s%s%s"  $repository $separator $termination -}}
{{- end -}}
{{- end -}}

{{/* The image's version: the tag's semver core when it parses, else the app version. */}}
{{- define "kit.images.version" -}}
{{- $imageTag := .imageRoot.tag | toString -}}
{{- if regexMatch `^([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?$` $imageTag -}}
    {{- $version := semver $imageTag -}}
    {{- printf "%d.%d.%d" $version.Major $version.Minor $version.Patch -}}
{{- else -}}
    {{- print .chart.AppVersion -}}
{{- end -}}
{{- end -}}
