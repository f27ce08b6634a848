// imgpkg-push: a stand-in for `imgpkg push -b REF -f DIR`, for the tests of
// kubectl-pkg, which cannot fetch imgpkg itself. It writes a bundle exactly
// as imgpkg v0.43 does, byte for byte where it matters to a reader:
//
//   - the layer is Go's archive/tar over filepath.Walk of DIR, as imgpkg's
//     TarImage (pkg/imgpkg/image/tar_image.go) writes it: the root directory
//     itself first, named ".", names from filepath.Rel (no "./" prefix, no
//     trailing "/" on directories), directories mode 0700, files their mode
//     & 0700, zero mtimes, owners and names; a top-level .git is left out;
//   - gzip at BestSpeed (go-containerregistry's compression);
//   - Docker schema 2 media types, and the config imgpkg writes, with the
//     label dev.carvel.imgpkg.bundle (pkg/imgpkg/image/file_image.go);
//   - pushed under REF's tag and the tag sha256-<hex>.imgpkg.
//
// Only a plain-HTTP registry without credentials is spoken to (the tests'
// loopback registry). Prints the manifest digest.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	bundle := flag.String("b", "", "the bundle reference: HOST:PORT/REPOSITORY:TAG")
	dir := flag.String("f", "", "the bundle's directory (with .imgpkg/images.yml)")
	flag.Parse()
	if *bundle == "" || *dir == "" {
		fail("usage: imgpkg-push -b HOST:PORT/REPOSITORY:TAG -f DIR")
	}
	if _, err := os.Stat(filepath.Join(*dir, ".imgpkg", "images.yml")); err != nil {
		fail("Expected '.imgpkg/images.yml' in the bundle directory: %v", err)
	}
	layerTar, err := tarImage(*dir)
	if err != nil {
		fail("%v", err)
	}
	var layer bytes.Buffer
	gz, _ := gzip.NewWriterLevel(&layer, gzip.BestSpeed)
	gz.Write(layerTar)
	gz.Close()
	config := []byte(fmt.Sprintf(`{"architecture":"","created":"0001-01-01T00:00:00Z","history":[{"author":"imgpkg","created":"0001-01-01T00:00:00Z","created_by":"imgpkg"}],"os":"","rootfs":{"type":"layers","diff_ids":["%s"]},"config":{"Labels":{"dev.carvel.imgpkg.bundle":"true"}}}`, digest(layerTar)))
	manifest := []byte(fmt.Sprintf(`{"schemaVersion":2,"mediaType":"application/vnd.docker.distribution.manifest.v2+json","config":{"mediaType":"application/vnd.docker.container.image.v1+json","size":%d,"digest":"%s"},"layers":[{"mediaType":"application/vnd.docker.image.rootfs.diff.tar.gzip","size":%d,"digest":"%s"}]}`,
		len(config), digest(config), layer.Len(), digest(layer.Bytes())))

	host, rest, _ := strings.Cut(*bundle, "/")
	repository, tag, found := strings.Cut(rest, ":")
	if !found {
		fail("%s: the reference needs a tag", *bundle)
	}
	base := "http://" + host + "/v2/" + repository
	for _, blob := range [][]byte{layer.Bytes(), config} {
		pushBlob(base, blob)
	}
	manifestDigest := digest(manifest)
	for _, name := range []string{tag, strings.Replace(manifestDigest, ":", "-", 1) + ".imgpkg"} {
		request("PUT", base+"/manifests/"+name, "application/vnd.docker.distribution.manifest.v2+json", manifest, http.StatusCreated)
	}
	fmt.Println(manifestDigest)
}

// tarImage walks dir as imgpkg's TarImage.AsFileImage does.
func tarImage(dir string) ([]byte, error) {
	var out bytes.Buffer
	writer := tar.NewWriter(&out)
	err := filepath.Walk(dir, func(walked string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, walked)
		if err != nil {
			return err
		}
		if info.IsDir() {
			if rel == ".git" {
				return filepath.SkipDir
			}
			return writer.WriteHeader(&tar.Header{Name: rel, Mode: 0700, ModTime: time.Time{}, Typeflag: tar.TypeDir})
		}
		if info.Mode()&os.ModeType != 0 {
			return fmt.Errorf("Expected file '%s' to be a regular file", walked)
		}
		header := &tar.Header{Name: rel, Size: info.Size(), Mode: int64(info.Mode() & 0700), ModTime: time.Time{}, Typeflag: tar.TypeReg}
		if err := writer.WriteHeader(header); err != nil {
			return err
		}
		file, err := os.Open(walked)
		if err != nil {
			return err
		}
		defer file.Close()
		_, err = io.Copy(writer, file)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := writer.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func pushBlob(base string, blob []byte) {
	response := request("POST", base+"/blobs/uploads/", "", nil, http.StatusAccepted)
	location := response.Header.Get("Location")
	if strings.HasPrefix(location, "/") {
		location = strings.SplitN(base, "/v2/", 2)[0] + location
	}
	separator := "?"
	if strings.Contains(location, "?") {
		separator = "&"
	}
	request("PUT", location+separator+"digest="+digest(blob), "application/octet-stream", blob, http.StatusCreated)
}

func request(method, url, contentType string, body []byte, want int) *http.Response {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		fail("%v", err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	response, err := http.DefaultClient.Do(req)
	if err != nil {
		fail("%s %s: %v", method, url, err)
	}
	text, _ := io.ReadAll(response.Body)
	response.Body.Close()
	if response.StatusCode != want {
		fail("%s %s: %s: %s", method, url, response.Status, text)
	}
	return response
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "imgpkg-push: "+format+"\n", args...)
	os.Exit(1)
}
