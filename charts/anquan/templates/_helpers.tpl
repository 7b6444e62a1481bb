{{/* Names and labels. */}}
{{- define "anquan.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}{{ .Release.Name | trunc 50 | trimSuffix "-" }}{{- else -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" }}{{- end -}}
{{- end -}}

{{- define "anquan.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: anquan
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "anquan.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{- define "anquan.secretName" -}}
{{- .Values.existingSecret | default (printf "%s-secret" (include "anquan.fullname" .)) -}}
{{- end -}}

{{/* anquan.yaml: the values' config plus every service's in-cluster address. */}}
{{- define "anquan.config" -}}
{{- $root := . -}}
{{- $services := dict -}}
{{- range $name, $_ := .Values.targets -}}
{{- if ne $name "gateway" -}}
{{- $_ := set $services $name (printf "%s-%s:%v" (include "anquan.fullname" $root) $name $root.Values.service.grpcPort) -}}
{{- end -}}
{{- end -}}
{{- $cfg := deepCopy .Values.config -}}
{{- $_ := set $cfg "services" $services -}}
{{- $_ := set $cfg "data" "/var/lib/anquan" -}}
{{ toYaml $cfg }}
{{- end -}}

{{/* Environment every container shares: secrets by key (optional ones may be absent). */}}
{{- define "anquan.env" -}}
{{- $root := .root -}}
- name: ANQUAN_CONFIG
  value: /etc/anquan/anquan.yaml
- name: ANQUAN_INTERNAL_SECRET
  valueFrom: {secretKeyRef: {name: {{ include "anquan.secretName" $root }}, key: ANQUAN_INTERNAL_SECRET}}
- name: ANQUAN_PASSWORD_KEY
  valueFrom: {secretKeyRef: {name: {{ include "anquan.secretName" $root }}, key: ANQUAN_PASSWORD_KEY}}
{{- range $key := list "ANQUAN_DB_DSN" "ANQUAN_MQTT_PASSWORD" "ANQUAN_STORAGE_ACCESS_KEY" "ANQUAN_STORAGE_SECRET_KEY" }}
- name: {{ $key }}
  valueFrom: {secretKeyRef: {name: {{ include "anquan.secretName" $root }}, key: {{ $key }}, optional: true}}
{{- end }}
{{- if .signs }}
- name: ANQUAN_JWT_PRIVATE_KEY
  value: /etc/anquan/keys/jwt.pem
{{- else }}
- name: ANQUAN_JWT_PUBLIC_KEY
  value: /etc/anquan/keys/jwt.pub.pem
{{- end }}
{{- with $root.Values.secret.jwtPreviousPublicKeys }}
- name: ANQUAN_JWT_PREVIOUS_PUBLIC_KEYS
  value: {{ range $i, $_ := . }}{{ if $i }},{{ end }}/etc/anquan/keys/jwt.previous.{{ $i }}.pem{{ end }}
{{- end }}
{{- end -}}

{{/* The signing key reaches auth (and the migrations Job) only, unless no
public key is configured: then verifiers derive it from the private one. */}}
{{- define "anquan.volumes" -}}
- name: config
  configMap: {name: {{ include "anquan.fullname" .root }}-config}
- name: keys
  secret:
    secretName: {{ include "anquan.secretName" .root }}
    items:
    {{- if .signs }}
    - {key: jwt.pem, path: jwt.pem}
    {{- else }}
    - {key: jwt.pub.pem, path: jwt.pub.pem}
    {{- end }}
    {{- range $i, $_ := .root.Values.secret.jwtPreviousPublicKeys }}
    - {key: jwt.previous.{{ $i }}.pem, path: jwt.previous.{{ $i }}.pem}
    {{- end }}
- name: data
  emptyDir: {}
{{- end -}}

{{- define "anquan.volumeMounts" -}}
- {name: config, mountPath: /etc/anquan/anquan.yaml, subPath: anquan.yaml, readOnly: true}
- {name: keys, mountPath: /etc/anquan/keys, readOnly: true}
- {name: data, mountPath: /var/lib/anquan}
{{- end -}}
