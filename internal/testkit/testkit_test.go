package testkit_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tessera-go/tessera/internal/testkit"
	"github.com/tessera-go/tessera/layout"
)

// TestSentinels checks that Sentinels lists every exported Err variable
// of package layout, read from its source, and nothing else.
func TestSentinels(t *testing.T) {
	files, err := filepath.Glob("../../layout/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("layout sources: %v %v", files, err)
	}
	var want []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, "Err") || i >= len(vs.Values) {
						continue
					}
					call, ok := vs.Values[i].(*ast.CallExpr)
					if !ok || len(call.Args) != 1 {
						t.Fatalf("layout.%s is not errors.New(message)", id.Name)
					}
					lit, ok := call.Args[0].(*ast.BasicLit)
					if !ok {
						t.Fatalf("layout.%s: the message is not a literal", id.Name)
					}
					msg, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					want = append(want, msg)
				}
			}
		}
	}
	var got []string
	for _, s := range testkit.Sentinels {
		got = append(got, s.Error())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("Sentinels are %q; package layout declares %q", got, want)
	}
}

// TestOnlyTestsImport checks that no file of the module but a test
// imports this package, so that it never reaches a library's build.
func TestOnlyTestsImport(t *testing.T) {
	const self = "github.com/tessera-go/tessera/internal/testkit"
	fset := token.NewFileSet()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == self {
				t.Errorf("%s imports %s; only tests may", path, self)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCheckError(t *testing.T) {
	wrapped := fmt.Errorf("layout: Permute: axis 3: %w", layout.ErrAxis)
	for _, tc := range []struct {
		name      string
		err       error
		prefix    string
		sentinels []error
		ok        bool
	}{
		{"good", wrapped, "layout: Permute: ", nil, true},
		{"one of", wrapped, "layout: ", []error{layout.ErrShape, layout.ErrAxis}, true},
		{"nil", nil, "", nil, false},
		{"not wrapped", errors.New("layout: Permute: axis 3"), "layout: Permute: ", nil, false},
		{"other sentinel", wrapped, "layout: Permute: ", []error{layout.ErrShape}, false},
		{"prefix", wrapped, "layout: Flip: ", nil, false},
	} {
		if got := testkit.CheckError(tc.err, tc.prefix, tc.sentinels...); (got == nil) != tc.ok {
			t.Errorf("%s: got %v; want ok %t", tc.name, got, tc.ok)
		}
	}
	if !testkit.WrapsSentinel(wrapped) || testkit.WrapsSentinel(errors.New("x")) {
		t.Error("WrapsSentinel")
	}
}

func TestFuzzInt(t *testing.T) {
	seen := map[int]bool{}
	for b := range 256 {
		seen[testkit.FuzzInt(byte(b), false)] = true
		seen[testkit.FuzzInt(byte(b), true)] = true
	}
	for _, x := range testkit.Extremes {
		if !seen[x] {
			t.Errorf("FuzzInt never gives %d", x)
		}
	}
	shape, strides, off, rest := testkit.DecodeStrided([]byte{2, 3, 4, 4, 1, 0, 130, 9})
	if !slices.Equal(shape, []int{3, 4}) || !slices.Equal(strides, []int{-2, -5}) || off != 6 || !slices.Equal(rest, []byte{9}) {
		t.Errorf("DecodeStrided: got %v %v %d %v", shape, strides, off, rest)
	}
}

// TestRandomView checks that RandomView gives the shape asked for, and
// flipped, broadcast and strided views often.
func TestRandomView(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var flipped, broadcast, strided int
	for range 2000 {
		shape := make([]int, r.IntN(5))
		for k := range shape {
			shape[k] = r.IntN(6)
		}
		l := testkit.RandomView(r, shape)
		if !slices.Equal(l.Shape(), shape) {
			t.Fatalf("got shape %v; want %v", l.Shape(), shape)
		}
		if !l.IsContiguous() {
			strided++
		}
		for k, s := range l.Strides() {
			switch {
			case shape[k] > 1 && s < 0:
				flipped++
			case shape[k] > 1 && s == 0:
				broadcast++
			}
		}
	}
	if flipped < 100 || broadcast < 100 || strided < 500 {
		t.Errorf("got %d flipped and %d broadcast axes, %d views not contiguous; want more", flipped, broadcast, strided)
	}
}

// TestCatalogue checks that every layout of the catalogue before the far
// ones gives a view over CatalogueLen elements, and that names are unique.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	fits := 0
	for _, c := range testkit.Layouts(t) {
		require.False(t, seen[c.Name], "%s named twice", c.Name)
		seen[c.Name] = true
		if c.Name == "rank0 far" {
			break
		}
		fits++
	}
	views := testkit.Views(t, testkit.Seq(testkit.CatalogueLen))
	var names []string
	for _, v := range views {
		names = append(names, v.Name)
	}
	require.Len(t, names, fits, "%v", names)
}
