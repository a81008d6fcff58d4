package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// The app's icon, drawn here rather than kept as image files: the same
// mark as the page's favicon (index.html), four white spots on a blue
// rounded square, at the sizes a phone's home screen and an install
// prompt ask for.

var (
	iconBlue  = color.NRGBA{0x1d, 0x3f, 0x8f, 0xff}
	iconWhite = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// iconSVG is the icon at any size, for browsers that take SVG.
const iconSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d3f8f"/>` +
	`<circle cx="5" cy="5" r="1.6" fill="#fff"/><circle cx="11" cy="5" r="1.6" fill="#fff"/>` +
	`<circle cx="5" cy="11" r="1.6" fill="#fff"/><circle cx="11" cy="11" r="1.6" fill="#fff"/></svg>`

// drawIcon draws the icon size pixels square as a PNG. A maskable icon
// (one the system may cut to a circle or a squircle) fills the square
// and keeps its spots inside the middle 80%, the part every mask keeps;
// the plain one has rounded corners and the favicon's proportions.
func drawIcon(size int, maskable bool) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	unit := float64(size) / 16 // the favicon's grid
	corner := 3 * unit
	dot, gap := 1.6*unit, 3*unit // radius, and distance from the middle
	if maskable {
		corner = 0
		dot, gap = 1.2*unit, 2.4*unit
	}
	mid := float64(size) / 2
	centres := [][2]float64{{mid - gap, mid - gap}, {mid + gap, mid - gap}, {mid - gap, mid + gap}, {mid + gap, mid + gap}}
	// Each pixel is sampled 4x4 times, for smooth edges.
	const n = 4
	for y := range size {
		for x := range size {
			var bg, fg int
			for sy := range n {
				for sx := range n {
					px, py := float64(x)+(float64(sx)+0.5)/n, float64(y)+(float64(sy)+0.5)/n
					if !insideRounded(px, py, float64(size), corner) {
						continue
					}
					bg++
					for _, c := range centres {
						if math.Hypot(px-c[0], py-c[1]) <= dot {
							fg++
							break
						}
					}
				}
			}
			if bg == 0 {
				continue
			}
			// Blend white over blue by the spots' share, and the whole
			// over transparency by the square's.
			f := float64(fg) / float64(bg)
			mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*(1-f) + float64(b)*f)) }
			img.SetNRGBA(x, y, color.NRGBA{
				R: mix(iconBlue.R, iconWhite.R), G: mix(iconBlue.G, iconWhite.G), B: mix(iconBlue.B, iconWhite.B),
				A: uint8(math.Round(255 * float64(bg) / (n * n))),
			})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		// Encoding an in-memory image into a buffer does not fail.
		panic(err)
	}
	return buf.Bytes()
}

// insideRounded reports whether (x, y) is inside a square of side s with
// corners of radius r.
func insideRounded(x, y, s, r float64) bool {
	if r <= 0 {
		return true
	}
	cx := math.Max(r, math.Min(s-r, x))
	cy := math.Max(r, math.Min(s-r, y))
	return math.Hypot(x-cx, y-cy) <= r
}
