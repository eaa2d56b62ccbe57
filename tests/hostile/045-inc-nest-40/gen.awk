BEGIN {
  for (i = 1; i <= 40; i++) {
    f = sprintf("d%02d.oob", i)
    printf "include \"d%02d.oob\"\n", i + 1 > f
    close(f)
  }
  print "# the bottom" > "d41.oob"
}
