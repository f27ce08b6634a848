// The differential oracle of the Go-template engine (libpkg::gotemplate).
//
// It renders templates exactly as Helm 3's engine configures text/template
// (helm/helm pkg/engine): sprig's text function map without env/expandenv,
// Helm's own functions (include, tpl, required, fail, toYaml, fromYaml,
// fromYamlArray, toJson, fromJson, fromJsonArray, toToml, lookup),
// missingkey=zero (missingkey=error with "strict", as `helm lint --strict`),
// and "<no value>" removed from the output. Data is decoded
// from JSON, so numbers are float64 as in Helm values read by sigs.k8s.io/yaml.
//
// Batch mode: one JSON object per input line,
//   {"templates": [["name", "text"], ...], "main": "name", "data": {...}}
// and one JSON object per output line, {"output": "..."} or {"error": "..."}.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/template"

	"github.com/BurntSushi/toml"
	"github.com/Masterminds/sprig"
	"sigs.k8s.io/yaml"
)

type request struct {
	Templates [][2]string `json:"templates"`
	Main      string      `json:"main"`
	Data      interface{} `json:"data"`
	// Strict is Helm's lint --strict: missingkey=error.
	Strict bool `json:"strict"`
}

// Values is Helm's chartutil.Values: tpl takes this type, so Go's argument
// checks apply to it as in Helm (a map is accepted, a list is not).
type Values map[string]interface{}

type response struct {
	Output *string `json:"output,omitempty"`
	Error  *string `json:"error,omitempty"`
}

const recursionMaxNums = 1000

func toYAML(v interface{}) string {
	data, err := yaml.Marshal(v)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(data), "\n")
}

func fromYAML(str string) map[string]interface{} {
	m := map[string]interface{}{}
	if err := yaml.Unmarshal([]byte(str), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromYAMLArray(str string) []interface{} {
	a := []interface{}{}
	if err := yaml.Unmarshal([]byte(str), &a); err != nil {
		a = []interface{}{err.Error()}
	}
	return a
}

func toTOML(v interface{}) string {
	b := bytes.NewBuffer(nil)
	e := toml.NewEncoder(b)
	err := e.Encode(v)
	if err != nil {
		return err.Error()
	}
	return b.String()
}

func toJSON(v interface{}) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

func fromJSON(str string) map[string]interface{} {
	m := make(map[string]interface{})
	if err := json.Unmarshal([]byte(str), &m); err != nil {
		m["Error"] = err.Error()
	}
	return m
}

func fromJSONArray(str string) []interface{} {
	a := []interface{}{}
	if err := json.Unmarshal([]byte(str), &a); err != nil {
		a = []interface{}{err.Error()}
	}
	return a
}

func warnWrap(warn string) string {
	return "HELM_ERR_START" + warn + "HELM_ERR_END"
}

// funcMap is Helm's pkg/engine/funcs.go funcMap.
func funcMap() template.FuncMap {
	f := sprig.TxtFuncMap()
	delete(f, "env")
	delete(f, "expandenv")
	extra := template.FuncMap{
		"toToml":        toTOML,
		"toYaml":        toYAML,
		"fromYaml":      fromYAML,
		"fromYamlArray": fromYAMLArray,
		"toJson":        toJSON,
		"fromJson":      fromJSON,
		"fromJsonArray": fromJSONArray,
		"include":       func(string, interface{}) string { return "not implemented" },
		"tpl":           func(string, interface{}) interface{} { return "not implemented" },
		"required":      func(string, interface{}) (interface{}, error) { return "not implemented", nil },
		"lookup": func(string, string, string, string) (map[string]interface{}, error) {
			return map[string]interface{}{}, nil
		},
	}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// initFunMap is Helm's Engine.initFunMap (not lint mode).
func initFunMap(t *template.Template, strict bool) {
	fm := funcMap()
	includedNames := make(map[string]int)
	fm["include"] = func(name string, data interface{}) (string, error) {
		var buf strings.Builder
		if v, ok := includedNames[name]; ok {
			if v > recursionMaxNums {
				return "", fmt.Errorf("rendering template has a nested reference name: %s: unable to execute template", name)
			}
			includedNames[name]++
		} else {
			includedNames[name] = 1
		}
		err := t.ExecuteTemplate(&buf, name, data)
		includedNames[name]--
		return buf.String(), err
	}
	fm["tpl"] = func(tpl string, vals Values) (string, error) {
		t, err := t.Clone()
		if err != nil {
			return "", fmt.Errorf("cannot clone template: %w", err)
		}
		if strict {
			t.Option("missingkey=error")
		} else {
			t.Option("missingkey=zero")
		}
		// Helm names the inline template after the calling template; the
		// oracle has no .Template, so it uses a fixed name.
		t, err = t.New("tpl").Parse(tpl)
		if err != nil {
			return "", fmt.Errorf("cannot parse template %q: %w", tpl, err)
		}
		var buf strings.Builder
		if err := t.Execute(&buf, vals); err != nil {
			return "", fmt.Errorf("error during tpl function execution for %q: %w", tpl, err)
		}
		return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
	}
	fm["required"] = func(warn string, val interface{}) (interface{}, error) {
		if val == nil {
			return val, errors.New(warnWrap(warn))
		} else if _, ok := val.(string); ok {
			if val == "" {
				return val, errors.New(warnWrap(warn))
			}
		}
		return val, nil
	}
	fm["fail"] = func(msg string) (string, error) {
		return "", errors.New(warnWrap(msg))
	}
	t.Funcs(fm)
}

func render(req request) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	t := template.New("gotpl")
	if req.Strict {
		t.Option("missingkey=error")
	} else {
		t.Option("missingkey=zero")
	}
	initFunMap(t, req.Strict)
	for _, nt := range req.Templates {
		if _, err := t.New(nt[0]).Parse(nt[1]); err != nil {
			return "", err
		}
	}
	var buf strings.Builder
	if err := t.ExecuteTemplate(&buf, req.Main, req.Data); err != nil {
		return "", err
	}
	return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var req request
			var resp response
			if jerr := json.Unmarshal(line, &req); jerr != nil {
				msg := "oracle: bad request: " + jerr.Error()
				resp.Error = &msg
			} else if s, rerr := render(req); rerr != nil {
				msg := rerr.Error()
				resp.Error = &msg
			} else {
				resp.Output = &s
			}
			if eerr := enc.Encode(resp); eerr != nil {
				fmt.Fprintln(os.Stderr, eerr)
				os.Exit(2)
			}
			out.Flush()
		}
		if err != nil {
			break
		}
	}
}
