BEGIN {
  print "battle \"Many includes\"" > "main.battle"
  print "side US nation=US" > "main.battle"
  for (i = 1; i <= 300; i++) {
    printf "include \"f%d.oob\"\n", i > "main.battle"
    f = sprintf("f%d.oob", i)
    printf "  unit u%d \"U\" inf raw spirited M stands=4\n", i > f
    close(f)
  }
  print "turn 1 US" > "main.battle"
}
